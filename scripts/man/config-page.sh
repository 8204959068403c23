#!/usr/bin/env bash
# eartrainer.toml(5) in man(7) form, from docs/configuration.md: its opening paragraphs and every
# row of its "Keys" table (key, type, default, what is accepted). A key documented there is in
# the page; there is no other list to keep.
#
#   scripts/man/config-page.sh docs/configuration.md DATE > eartrainer.toml.5
set -euo pipefail
doc=$1
date=$2
# Markdown inline code and emphasis to man's fonts; a leading dot or quote escaped.
# Markdown links keep their text. The page's own .PP and .TP lines are left as they are.
roff() {
  sed -e 's/\\/\\e/g' -e 's/\[\([^]]*\)\]([^)]*)/\1/g' -e 's/`\([^`]*\)`/\\fB\1\\fR/g' \
    -e 's/\*\*\([^*]*\)\*\*/\\fB\1\\fR/g' -e "/^\.\(PP\|TP\)\$/!s/^\([.']\)/\\\\\&\1/"
}
cat <<HEAD
.TH EARTRAINER.TOML 5 "$date" "eartrainer" "File Formats"
.SH NAME
eartrainer.toml \- the configuration file of eartrainerd
.SH SYNOPSIS
/etc/eartrainer/eartrainer.toml
.SH DESCRIPTION
HEAD
# The paragraphs between the title and the first section.
awk 'NR > 1 && /^## / { exit } NR > 1 && NF { print } NR > 1 && !NF { print ".PP" }' "$doc" | roff
echo ".SH KEYS"
echo "Each key, its type, its built-in default, and what it accepts."
awk -F'|' '/^## Keys/ { keys = 1; next } keys && /^## / { exit }
  keys && /^\| `/ { printf ".TP\n%s (%s; default %s)\n%s\n", $2, $3, $4, $5 }' "$doc" |
  sed -e 's/ *(\( *\)/ (/' -e 's/ *;/;/' -e 's/default  */default /' -e 's/ *)$/)/' -e 's/^ *//' | roff
cat <<TAIL
.SH FILES
.TP
/etc/eartrainer/eartrainer.toml
The administrator's defaults (a conffile).
.TP
/var/lib/eartrainer/student.toml
What a student set with \fBeartrainctl set\fR, over the file (the state directory).
.SH SEE ALSO
.BR eartrainerd (8),
.BR eartrainctl (1),
/usr/share/doc/eartrainer/docs/configuration.md
TAIL
