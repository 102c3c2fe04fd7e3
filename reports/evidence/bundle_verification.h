#pragma once
// Checking an evidence bundle against its manifest: every listed file present with its SHA-256 and
// size, nothing added, and, given the signer's key, the manifest's signature.

#include <cstddef>
#include <string>
#include <vector>

#include "reports/evidence/signature.h"

namespace mongoscan {

// One way the bundle differs from what was written: the file's name in the bundle and what is
// wrong with it ("missing", "changed: ...", "added: not in the manifest", ...).
struct BundleProblem {
  std::string file;
  std::string what;
};

enum class SignatureCheck {
  absent,       // no manifest.json.sig and no key given
  not_checked,  // a manifest.json.sig, but no key to check it with
  verified,     // the key's signature of manifest.json's exact bytes
  failed,       // a key was given: the signature is missing or does not verify (see problems)
};

struct BundleVerification {
  std::vector<BundleProblem> problems;  // the manifest's first, then listed files, then added ones
  std::size_t files = 0;                // the files the manifest lists
  SignatureCheck signature = SignatureCheck::absent;

  bool verified() const { return problems.empty(); }
};

// Checks the bundle in `directory`. Files are opened only by plain names inside it (a manifest
// listing "../x" or "a/b" is refused whole) and never through a symbolic link. With `key`, a
// missing or bad signature is a problem.
BundleVerification verify_bundle(const std::string& directory, const VerifyingKey* key);

}  // namespace mongoscan
