#include <unistd.h>

#include <iostream>

#include "reports/terminal.h"
#include "scanner/cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return mongoscan::run_cli(args,
                            {std::cout, std::cerr, mongoscan::should_use_color(STDOUT_FILENO)});
}
