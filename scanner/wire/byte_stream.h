#pragma once
// A connected byte stream (plain TCP or TLS over TCP) whose every read and write is bounded by a
// Deadline. The interface lets unit tests run the protocol over an in-memory stream.

#include <cstddef>
#include <cstdint>
#include <span>

#include "scanner/errors/result.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

class ByteStream {
 public:
  virtual ~ByteStream() = default;

  // Writes every byte or fails: timeout, refused (peer closed) or io.
  virtual Result<Ok> write_all(std::span<const std::uint8_t> bytes, Deadline deadline) = 0;

  // Fills the whole buffer or fails; a peer that closes first is ErrorCode::refused.
  virtual Result<Ok> read_exact(std::span<std::uint8_t> buffer, Deadline deadline) = 0;
};

}  // namespace mongoscan
