#include "scanner/posix/growing_buffer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>

namespace mongoscan {

GrowingBuffer::~GrowingBuffer() {
  if (data_ != nullptr) ::munmap(data_, capacity_);
}

bool GrowingBuffer::reserve(std::size_t bytes) {
  if (bytes <= capacity_) return true;
  if (bytes > SIZE_MAX / 4) return false;  // no room to round up: no memory has that much
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  // Twice the old room at least, in whole pages.
  const std::size_t wanted = (std::max(bytes, capacity_ * 2) + page - 1) / page * page;
  void* grown = data_ == nullptr ? ::mmap(nullptr, wanted, PROT_READ | PROT_WRITE,
                                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                                 : ::mremap(data_, capacity_, wanted, MREMAP_MAYMOVE);
  if (grown == MAP_FAILED) return false;
  data_ = static_cast<char*>(grown);
  capacity_ = wanted;
  return true;
}

}  // namespace mongoscan
