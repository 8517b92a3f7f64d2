#!/usr/bin/env bash
# The starters work when copied out of the repo: packs the published packages, exports each starter into a
# temporary folder outside the repo (scripts/export-starter.mjs, @tessera/* from the tarballs), and on Node 22 and
# Node 24 (from the npm registry) installs it with plain npm, then runs its build, typecheck and test scripts.
# A starter that needs anything outside its folder fails here. Needs the packages built (`pnpm run build`) and,
# for the end-to-end tests of checkout-web and nextjs-checkout, Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
#
#   bash scripts/check-starters.sh [starter ...]          STARTER_NODES="22 24" by default
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
starters=("$@")
[ ${#starters[@]} -gt 0 ] || starters=(merchant-server checkout-web nextjs-checkout store-checkout sandbox-setup subscription-renewal)
read -r -a nodes <<< "${STARTER_NODES:-22 24}"
export NO_UPDATE_NOTIFIER=1 npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
# Next.js sends usage data unless told not to: nothing here talks to anyone but the npm registry and 127.0.0.1.
export NEXT_TELEMETRY_DISABLED=1

work="$(mktemp -d "${TMPDIR:-/tmp}/tessera-starters.XXXXXX")"
trap 'rm -rf "$work"' EXIT
seconds() { printf '%ss' "$(( $(date +%s) - $1 ))"; }

# What would be published: one tarball per non-private package (pnpm pack turns workspace:* into versions).
mkdir "$work/tarballs"
for dir in packages/*/; do
  # A folder without a package.json (a local run's leftovers) is no package.
  [ -f "$dir/package.json" ] || continue
  if node -e 'process.exit(require(process.argv[1]).private ? 0 : 1)' "$repo/$dir/package.json"; then continue; fi
  (cd "$dir" && npx -y pnpm@12 pack --pack-destination "$work/tarballs" > /dev/null)
done
echo "packed: $(cd "$work/tarballs" && echo *.tgz)"

for version in "${nodes[@]}"; do
  # The Node binary from the npm registry's `node` package, first on PATH so npm and every script it runs use it.
  node_bin="$(dirname "$(npx -y "node@$version" -p process.execPath)")"
  for starter in "${starters[@]}"; do
    started=$(date +%s)
    dest="$work/node$version/$starter"
    node scripts/export-starter.mjs "$starter" "$dest" --tarballs "$work/tarballs" > /dev/null
    (
      cd "$dest"
      export PATH="$node_bin:$PATH"
      npm install --prefer-offline --no-audit --no-fund --loglevel=error > install.log 2>&1 || { cat install.log; exit 1; }
      # A clean tree: no invalid or missing peer, nothing extraneous (`npm ls` exits 1 on any). msw 3 is a peer of
      # vitest's @vitest/mocker only from 5.1.0 on (5.0.x asked for msw ^2, hence a peer warning): the starters pin
      # vitest 5.1.1.
      npm ls --all > ls.log 2>&1 || { grep -E 'invalid|missing|extraneous|ERR' ls.log; exit 1; }
      npm run --silent build > build.log 2>&1 || { cat build.log; exit 1; }
      npm run --silent typecheck
      npm test --silent > test.log 2>&1 || { cat test.log; exit 1; }
    ) || { echo "FAIL $starter on Node $version (copied to $dest)"; trap - EXIT; exit 1; }
    echo "ok   $starter on Node $("$node_bin/node" --version): npm install, build, typecheck, test ($(seconds "$started"))"
  done
done
