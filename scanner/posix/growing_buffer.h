#pragma once
// Bytes in anonymous memory that grows in place (mremap): the pages already touched move with it,
// none is copied or zeroed again. A buffer re-allocated for each larger file made the kernel
// fault in and zero every page anew, twice the largest file's pages per reader in all; on this
// project's 2-core machine a fresh page costs ~12 us (bench/configscan: 3,400 of a scan's 7,600
// page faults).

#include <cstddef>

namespace mongoscan {

class GrowingBuffer {
 public:
  GrowingBuffer() = default;
  ~GrowingBuffer();
  GrowingBuffer(const GrowingBuffer&) = delete;
  GrowingBuffer& operator=(const GrowingBuffer&) = delete;

  // Room for at least `bytes`, keeping the bytes held so far; false, with the buffer unchanged,
  // when the kernel refuses the memory.
  bool reserve(std::size_t bytes);

  char* data() const { return data_; }
  std::size_t capacity() const { return capacity_; }

 private:
  char* data_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace mongoscan
