#!/usr/bin/env bash
# Man pages and shell completions, made from what the programs and the docs already say, so they
# cannot drift: eartrainctl(1), eartrainerd(8), eartrainer-web(8) and eartrainer-hub(8) from their argument parsers (swift-argument-
# parser's generate-manual), eartrainer.toml(5) from docs/configuration.md's table of keys, and
# eartrainctl's completions for bash, zsh and fish from the parser too.
#
#   scripts/man/build.sh OUT PROGRAMS     (PROGRAMS: the folder whose eartrainerd, eartrainctl,
#                                         eartrainer-web and eartrainer-hub are read, e.g. .build/release)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$1
bin=${2:-.build/release}
# GENERATE_MANUAL: the tool already built (make test's package build gives the tests' own, so it
# never waits for SwiftPM's lock on .build); else it is built here, debug.
tool=${GENERATE_MANUAL:-}
if [ -z "$tool" ]; then
  swift build -c debug --product generate-manual >/dev/null
  tool=$(swift build -c debug --show-bin-path)/generate-manual
fi
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
rm -rf "$out"
mkdir -p "$out/man" "$out/completions"
"$tool" "$bin/eartrainctl" --section 1 --date "$date" --output-directory "$out/man"
"$tool" "$bin/eartrainerd" --section 8 --date "$date" --output-directory "$out/man"
"$tool" "$bin/eartrainer-web" --section 8 --date "$date" --output-directory "$out/man"
"$tool" "$bin/eartrainer-hub" --section 8 --date "$date" --output-directory "$out/man"
# A blank line inside a help text is a paragraph break in mdoc, not an empty input line.
sed -i 's/^$/.Pp/' "$out/man/eartrainctl.1" "$out/man/eartrainerd.8" "$out/man/eartrainer-web.8" "$out/man/eartrainer-hub.8"
scripts/man/config-page.sh docs/configuration.md "$date" >"$out/man/eartrainer.toml.5"
"$bin/eartrainctl" --generate-completion-script bash | sed '1{/^#!/d}' >"$out/completions/eartrainctl.bash"  # sourced, not run
"$bin/eartrainctl" --generate-completion-script zsh >"$out/completions/_eartrainctl"
"$bin/eartrainctl" --generate-completion-script fish >"$out/completions/eartrainctl.fish"
