#!/usr/bin/env bash
# The translation catalogs (po/): extract the marked strings, merge them into each language, check, compile.
#
#   scripts/po.sh extract         po/soundsafari.pot from the files in po/POTFILES.in (xgettext)
#   scripts/po.sh merge           extract, then msgmerge every po/LANG.po with the new template
#   scripts/po.sh check           the template is current, and every po/LANG.po has 0 untranslated and 0 fuzzy
#   scripts/po.sh compile DIR     msgfmt every po/LANG.po into DIR/LANG/LC_MESSAGES/soundsafari.mo, and the desktop
#                                 entry with every language's Name/Comment into DIR/soundsafari.desktop
#   scripts/po.sh pseudo DIR      the tests' pseudo-language en@pseudo (every message ⟦wrapped⟧, 40 % longer) into DIR
#
# The code is Swift, which xgettext has no parser for; its C parser reads `Translation.gettext("…")` and
# `Translation.ngettext("…", "…", n)` exactly (a call is an identifier, a parenthesis and a string literal, and `//`
# comments are C99's), so the extraction needs no script of its own. What it cannot read is Swift's interpolation
# `\(…)` and multi-line `"""` literals, which is why marked strings are one-line literals with `{name}` placeholders
# (Sources/Localization/Translation.swift).
set -euo pipefail
cd "$(dirname "$0")/.."

domain=soundsafari
template=po/$domain.pot
# The one desktop entry (the applications menu's SoundSafari): its translations are merged in by `compile`.
desktop=packaging/soundsafari/soundsafari.desktop.in

# The template as xgettext makes it now, into $1. Locations name the file only, so moving a line changes nothing.
# No marked string is a C format (values are `{name}` placeholders), so a "%" in one is text, not a directive.
# A `// TRANSLATORS:` comment reaches the translator when it is on the line right above the string literal.
# xgettext's C lexer warns about Swift's `"""` literals (to it, an unterminated string that ends at the line's end,
# which is harmless: nothing is marked inside one); those warnings are left out, any other is shown.
make_template() {
  # The dashboard's templates (Server/…/templates/*.mustache in POTFILES.in) mark their texts `[[…]]`: each is read
  # as xgettext reads a `gettext("…")` call, from a copy in a scratch folder that has, line for line, only those
  # calls (and a `{{! TRANSLATORS: … }}` comment as `// TRANSLATORS: …`), found first by --directory.
  local marked; marked=$(mktemp -d)
  grep '\.mustache$' po/POTFILES.in | while read -r file; do
    mkdir -p "$marked/$(dirname "$file")"
    perl -ne 'my $out = ""; $out .= "// $1" if m/\{\{!\s*(TRANSLATORS:.*?)\s*\}\}/;
      while (m/\[\[(.*?)\]\]/g) { (my $m = $1) =~ s/(["\\])/\\$1/g; $out .= " gettext(\"$m\");" }
      print "$out\n"' "$file" >"$marked/$file"
  done
  xgettext --language=C --from-code=UTF-8 --keyword= --keyword=gettext:1 --keyword=ngettext:1,2 \
    --directory="$marked" --directory=. \
    --flag=gettext:1:no-c-format --flag=ngettext:1:no-c-format --flag=ngettext:2:no-c-format \
    --add-comments=TRANSLATORS: --add-location=file --sort-by-file \
    --package-name=SoundSafari --package-version="$(cat VERSION)" \
    --msgid-bugs-address="the SoundSafari issue tracker" \
    --files-from=po/POTFILES.in --output="$1" 2>&1 | { grep -v 'warning: unterminated string literal' >&2 || true; }
  rm -rf "$marked"
  [ -s "$1" ]
  # The desktop entry's Name, GenericName, Comment and Keywords (xgettext's Desktop parser), into the same template.
  xgettext --join-existing --language=Desktop --from-code=UTF-8 --add-location=file --output="$1" "$desktop"
}

# The template's entries without its header's creation time.
entries() { grep -v '^"POT-Creation-Date:' "$1"; }

case "${1:-}" in
  extract)
    scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
    make_template "$scratch/new.pot"
    # An unchanged template keeps its file (and date), so regenerating makes no diff.
    if [ -f "$template" ] && diff -q <(entries "$template") <(entries "$scratch/new.pot") >/dev/null; then
      echo "$template is up to date."
    else
      cp "$scratch/new.pot" "$template"
      echo "$template written."
    fi
    ;;
  merge)
    "$0" extract
    for po in po/*.po; do
      msgmerge --quiet --update --backup=none --add-location=file "$po" "$template"
      echo "$po merged."
    done
    ;;
  check)
    scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
    make_template "$scratch/new.pot"
    if ! diff -u <(entries "$template") <(entries "$scratch/new.pot") >"$scratch/diff"; then
      cat "$scratch/diff" >&2
      echo "error: $template is not what the code marks; run scripts/po.sh merge (make po) and translate." >&2
      exit 1
    fi
    status=0
    # msgfmt --desktop merges the languages po/LINGUAS names: a catalog missing from it would be left out silently.
    listed=$(grep -v '^#' po/LINGUAS | tr ' ' '\n' | grep -v '^$' | sort | tr '\n' ' ')
    present=$(for po in po/*.po; do basename "$po" .po; done | sort | tr '\n' ' ')
    if [ "$listed" != "$present" ]; then
      echo "error: po/LINGUAS lists '$listed' but po/ holds '$present'; list every language, one per line." >&2
      status=1
    fi
    for po in po/*.po; do
      # msgfmt prints "N translated messages, M fuzzy translations, K untranslated messages." on stderr.
      statistics=$(msgfmt --check --statistics --output-file=/dev/null "$po" 2>&1) || { echo "$po: $statistics" >&2; exit 1; }
      echo "$po: $statistics"
      case "$statistics" in
        *fuzzy* | *untranslated*) echo "error: $po has fuzzy or untranslated messages; translate them." >&2; status=1 ;;
      esac
      if msgcmp "$po" "$template" 2>"$scratch/msgcmp"; then :; else
        cat "$scratch/msgcmp" >&2
        echo "error: $po does not hold every message of $template; run scripts/po.sh merge." >&2
        status=1
      fi
    done
    exit $status
    ;;
  compile)
    [ -n "${2:-}" ] || { echo "error: scripts/po.sh compile needs the folder to write to, e.g. .build/debug/locale." >&2; exit 2; }
    for po in po/*.po; do
      language=$(basename "$po" .po)
      mkdir -p "$2/$language/LC_MESSAGES"
      msgfmt --check --output-file="$2/$language/LC_MESSAGES/$domain.mo" "$po"
    done
    # The desktop entry with every language's Name[xx], Comment[xx]… (msgfmt reads the languages in po/LINGUAS);
    # `install-launcher` and the Debian package take it from here and set its Exec line.
    msgfmt --desktop --template="$desktop" -d po --output-file="$2/$domain.desktop"
    ;;
  pseudo)
    # The tests' pseudo-language: msginit fills an English catalog from the template (msgstr = msgid), msgfilter
    # wraps each message in ⟦…⟧ and lengthens it by 40 % with middle dots (placeholders untouched, they stay inside).
    [ -n "${2:-}" ] || { echo "error: scripts/po.sh pseudo needs the folder to write to, e.g. .build/debug/locale." >&2; exit 2; }
    mkdir -p "$2/en@pseudo/LC_MESSAGES"
    msginit --no-translator --locale=en_US.UTF-8 --input="$template" --output-file=- 2>/dev/null |
      msgfilter --keep-header awk '
        { lines[NR] = $0; total += length($0) }
        END {
          pad = ""
          for (i = 0; i < int(total * 0.4 + 0.999); i++) pad = pad "·"
          for (i = 1; i <= NR; i++) printf "%s%s%s%s", (i == 1 ? "⟦" : ""), lines[i], (i == NR ? pad "⟧" : ""), (i < NR ? "\n" : "")
        }' |
      msgfmt --output-file="$2/en@pseudo/LC_MESSAGES/$domain.mo" -
    ;;
  *)
    echo "error: scripts/po.sh needs one of extract, merge, check, compile DIR, pseudo DIR." >&2
    exit 2
    ;;
esac
