# Sourced first by the bench scripts: strict mode, the build's tools, and a scratch folder
# that is removed on exit and becomes the working directory.
# Usage (in bench/X.sh): source "$(dirname "$0")/bench_env.sh" "${1:-}"
# Sets: here (bench/), root (the repository), build (the build folder: $1 or root/build),
# tools (build/tools), work (the scratch folder).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
build="$(cd "${1:-$root/build}" && pwd)"
tools="$build/tools"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
