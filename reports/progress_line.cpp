#include "reports/progress_line.h"

#include "reports/text/console_text.h"

namespace mongoscan {
namespace {

constexpr const char* kEraseLine = "\r\033[K";

}  // namespace

void ProgressLine::show(const std::string& text) {
  if (!enabled_) return;
  out_ << kEraseLine << "mongoscan: " << console_safe(text) << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  out_ << kEraseLine << std::flush;
  shown_ = false;
}

}  // namespace mongoscan
