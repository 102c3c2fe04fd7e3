#include <malloc.h>
#include <signal.h>
#include <unistd.h>

#include <iostream>

#include "reports/terminal.h"
#include "scanner/cli/cli.h"

int main(int argc, char** argv) {
  // A node that closes the connection must be an error value, not a fatal signal: OpenSSL writes
  // to its socket with write(2), which raises SIGPIPE on a closed peer.
  ::signal(SIGPIPE, SIG_IGN);
  // Two malloc arenas, not 8 per core: each probe thread would otherwise keep its own arena, whose
  // freed replies no other thread reuses (the 307-node fleet bench: 66 MiB peak RSS with the
  // default, 63 MiB with two; the probes spend their time waiting on the network, not on malloc).
  ::mallopt(M_ARENA_MAX, 2);
  std::vector<std::string> args(argv + 1, argv + argc);
  return mongoscan::run_cli(
      args, {std::cout, std::cerr, mongoscan::should_use_color(STDOUT_FILENO),
             ::isatty(STDERR_FILENO) == 1, mongoscan::console_width(STDOUT_FILENO), &std::cin});
}
