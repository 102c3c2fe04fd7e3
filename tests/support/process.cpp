#include "tests/support/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>

#include "tests/support/spawn.h"

namespace mongoscan::testing_support {
namespace {

using Clock = std::chrono::steady_clock;

// A file descriptor that closes itself.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    reset();
    fd_ = std::exchange(other.fd_, -1);
    return *this;
  }
  ~Fd() { reset(); }

  int get() const { return fd_; }
  bool open() const { return fd_ >= 0; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

struct Pipe {
  Fd read;
  Fd write;
};

// Opens pipe as a close-on-exec pipe; returns 0, or the errno of the failure.
int make_pipe(Pipe& pipe) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return errno;
  pipe.read = Fd(fds[0]);
  pipe.write = Fd(fds[1]);
  return 0;
}

// Blocks SIGPIPE in this thread while stdin is fed, so a child that exits without reading turns
// the write into EPIPE instead of killing the test; a SIGPIPE raised meanwhile is consumed.
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&sigpipe_);
    sigaddset(&sigpipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &sigpipe_, &previous_);
  }
  ~SigpipeBlock() {
    sigset_t pending;
    if (sigismember(&previous_, SIGPIPE) == 0 && sigpending(&pending) == 0 &&
        sigismember(&pending, SIGPIPE) == 1) {
      const timespec no_wait{};
      sigtimedwait(&sigpipe_, nullptr, &no_wait);
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigset_t sigpipe_;
  sigset_t previous_;
};

ProcessResult start_failure(std::string_view what, int error_number) {
  return {127, "",
          "run_process: " + std::string(what) + ": " +
              std::generic_category().message(error_number) + "\n",
          false};
}

// Appends what one read returns; false once the stream is at its end or broken.
bool read_some(int fd, std::string& sink) {
  std::array<char, 65536> buffer;
  const ssize_t n = ::read(fd, buffer.data(), buffer.size());
  if (n > 0) sink.append(buffer.data(), static_cast<std::size_t>(n));
  return n > 0 || (n < 0 && (errno == EINTR || errno == EAGAIN));
}

// Reads what is already buffered in the pipe without waiting for more.
void drain(Fd& fd, std::string& sink) {
  if (!fd.open()) return;
  ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) | O_NONBLOCK);
  std::array<char, 65536> buffer;
  ssize_t n;
  while ((n = ::read(fd.get(), buffer.data(), buffer.size())) > 0) {
    sink.append(buffer.data(), static_cast<std::size_t>(n));
  }
  fd.reset();
}

// Feeds stdin and collects stdout and stderr until all three pipes are closed (stdin once written
// or refused) or the deadline passes. Returns false on timeout.
bool pump(Fd& in, std::string_view stdin_text, Fd& out, Fd& err, ProcessResult& result,
          Clock::time_point deadline) {
  std::size_t written = 0;
  while (in.open() || out.open() || err.open()) {
    std::array<pollfd, 3> fds{};
    nfds_t count = 0;
    for (Fd* fd : {&in, &out, &err}) {
      if (fd->open())
        fds[count++] = {fd->get(), static_cast<short>(fd == &in ? POLLOUT : POLLIN), 0};
    }
    const auto remaining = deadline - Clock::now();
    if (remaining <= Clock::duration::zero()) return false;
    const auto wait = std::chrono::ceil<std::chrono::milliseconds>(remaining);
    if (::poll(fds.data(), count, static_cast<int>(wait.count())) < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    for (nfds_t i = 0; i < count; ++i) {
      if (fds[i].revents == 0) continue;
      if (in.open() && fds[i].fd == in.get()) {
        const std::string_view rest = stdin_text.substr(written);
        const ssize_t n = ::write(in.get(), rest.data(), rest.size());
        if (n > 0) written += static_cast<std::size_t>(n);
        if ((n < 0 && errno != EINTR && errno != EAGAIN) || written == stdin_text.size()) {
          in.reset();
        }
      } else if (out.open() && fds[i].fd == out.get()) {
        if (!read_some(out.get(), result.out)) out.reset();
      } else if (err.open() && fds[i].fd == err.get()) {
        if (!read_some(err.get(), result.err)) err.reset();
      }
    }
  }
  return true;
}

// Waits for the child's exit until the deadline; returns false if it is still running then.
bool wait_until(pid_t pid, int& status, Clock::time_point deadline) {
  while (true) {
    const pid_t reaped = ::waitpid(pid, &status, WNOHANG);
    if (reaped == pid || (reaped < 0 && errno != EINTR)) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void kill_and_reap(pid_t pid, int& status) {
  ::kill(-pid, SIGKILL);  // the process group: the child and whatever it started
  ::kill(pid, SIGKILL);
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_text,
                          std::chrono::milliseconds timeout,
                          const std::vector<std::string>& extra_env) {
  const Clock::time_point deadline = Clock::now() + timeout;
  if (argv.empty()) return start_failure("empty argv", EINVAL);
  Pipe in, out, err;
  for (Pipe* pipe : {&in, &out, &err}) {
    if (const int error = make_pipe(*pipe); error != 0) return start_failure("pipe", error);
  }
  const SigpipeBlock sigpipe_block;
  const pid_t pid = spawn_in_process_group(argv, inherited_environment(extra_env), in.read.get(),
                                           out.write.get(), err.write.get());
  if (pid < 0) return start_failure("cannot run '" + argv[0] + "'", -pid);
  in.read.reset();
  out.write.reset();
  err.write.reset();
  if (stdin_text.empty()) in.write.reset();
  if (in.write.open()) {
    ::fcntl(in.write.get(), F_SETFL, ::fcntl(in.write.get(), F_GETFL) | O_NONBLOCK);
  }

  ProcessResult result;
  int status = 0;
  const bool finished = pump(in.write, stdin_text, out.read, err.read, result, deadline) &&
                        wait_until(pid, status, deadline);
  if (!finished) {
    result.timed_out = true;
    kill_and_reap(pid, status);
    drain(out.read, result.out);
    drain(err.read, result.err);
  }
  result.exit_code = exit_code_of(status);
  return result;
}

}  // namespace mongoscan::testing_support
