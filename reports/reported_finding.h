#pragma once
// A finding as a report holds it: the check's spec beside it, whether it fails the gate and the
// inventory environment it belongs to.

#include <memory>
#include <string>
#include <utility>

#include "checks/check_spec.h"
#include "checks/finding.h"

namespace mongoscan {

// A check's spec, shared by every finding of that check: one copy per check, not one per finding
// (a 5,000-node scan holds a quarter of a million findings). Made from a CheckSpec (a copy of it)
// or from a spec already shared.
class SharedCheckSpec {
 public:
  SharedCheckSpec() : spec_(std::make_shared<const CheckSpec>()) {}
  SharedCheckSpec(CheckSpec spec)  // NOLINT(google-explicit-constructor): a spec is one
      : spec_(std::make_shared<const CheckSpec>(std::move(spec))) {}
  explicit SharedCheckSpec(std::shared_ptr<const CheckSpec> spec) : spec_(std::move(spec)) {}

  const CheckSpec& operator*() const { return *spec_; }
  const CheckSpec* operator->() const { return spec_.get(); }
  const CheckSpec* get() const { return spec_.get(); }

 private:
  std::shared_ptr<const CheckSpec> spec_;
};

struct ReportedFinding {
  // The check as reports show it beside its results: without its description, which only the
  // checks reference shows.
  SharedCheckSpec spec;
  Finding finding;
  bool gates = false;            // it fails the CI gate (--fail-on; checks/gate.h): set by the CLI
  std::string environment = {};  // the inventory environment it belongs to; empty without one
};

}  // namespace mongoscan
