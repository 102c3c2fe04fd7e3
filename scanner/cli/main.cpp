#include <signal.h>
#include <unistd.h>

#include <iostream>

#include "reports/terminal.h"
#include "scanner/cli/cli.h"

int main(int argc, char** argv) {
  // A node that closes the connection must be an error value, not a fatal signal: OpenSSL writes
  // to its socket with write(2), which raises SIGPIPE on a closed peer.
  ::signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> args(argv + 1, argv + argc);
  return mongoscan::run_cli(
      args, {std::cout, std::cerr, mongoscan::should_use_color(STDOUT_FILENO),
             ::isatty(STDERR_FILENO) == 1, mongoscan::console_width(STDOUT_FILENO), &std::cin});
}
