#pragma once
// Control-plane reads side by side: `count` independent reads, `concurrency` at a time, each
// worker thread with a client of its own (a client keeps per-connection state such as a Digest
// nonce and is not shared). Each read writes only its own results, so that what is gathered does
// not depend on the order the reads finish in.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace mongoscan {

template <typename Client>
void read_in_parallel(std::size_t count, std::size_t concurrency,
                      const std::function<Client()>& make_client,
                      const std::function<void(Client&, std::size_t)>& read) {
  if (count == 0) return;
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    Client client = make_client();
    for (std::size_t i = next++; i < count; i = next++) read(client, i);
  };
  const std::size_t workers = std::min(std::max<std::size_t>(concurrency, 1), count);
  std::vector<std::jthread> threads;
  for (std::size_t i = 0; i < workers; ++i) threads.emplace_back(work);
}  // the threads join here

}  // namespace mongoscan
