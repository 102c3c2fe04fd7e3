// Linked only into the sanitized executables (CMakeLists.txt). UBSan reports there through a
// trap instruction; AddressSanitizer turns the trap's SIGILL into a report with the stack and the
// source line of the undefined behaviour. Options given in ASAN_OPTIONS still apply after these.
extern "C" const char* __asan_default_options() { return "handle_sigill=1"; }
