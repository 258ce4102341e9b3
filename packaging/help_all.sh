#!/bin/sh
# help2man's "program": `help_all.sh POSVIZ --help` prints posviz's own --help, then the --help of
# every subcommand (found in each help's "Subcommands:" list, so a new subcommand is in the man
# page without an edit here) under a line "*posviz export*", which help2man makes a section of
# the page of its own (POSVIZ EXPORT). `help_all.sh POSVIZ --version` is posviz --version.
set -eu
posviz=$1
shift
if [ "${1:-}" != "--help" ]; then exec "$posviz" "$@"; fi

# The names listed under "Subcommands:" in the help text on stdin.
subcommands() { awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'; }

# One command's help, "Usage: /path/to/posviz sub" shown as "Usage: posviz sub".
help_of() { "$posviz" "$@" --help | sed "s|^Usage: [^ ]*posviz|Usage: posviz|"; }

help_of
walk() {
  for sub in $(help_of "$@" | subcommands); do
    printf '\n*posviz %s*\n' "$*${*:+ }$sub"
    # Its one-line description, a blank line, then usage, then its options under "Options of
    # posviz export:" (help2man would file a plain "Options:" under the page's OPTIONS).
    help_of "$@" "$sub" | sed '1a\

s/^\(Options\|Positionals\|Subcommands\):$/\1 of posviz '"$*${*:+ }$sub"':/'
    walk "$@" "$sub"
  done
}
walk
