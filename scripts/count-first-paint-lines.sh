#!/usr/bin/env bash
# Lines (not blank) of the browser's first-paint and client-data machinery, at the commit before the
# first paint was rendered from the app's components (16eeb91) and at HEAD (docs/architecture-browser.md).
#   bash scripts/count-first-paint-lines.sh [old-commit] [new-commit]
set -euo pipefail
old=${1:-16eeb91}
new=${2:-HEAD}
lines() { git show "$1:$2" 2>/dev/null | grep -cv '^[[:space:]]*$' || true; }
report() {
  local rev=$1 total=0 n
  shift
  for f in "$@"; do
    n=$(lines "$rev" "$f")
    total=$((total + n))
    printf '%6s  %s\n' "$n" "$f"
  done
  echo "  $total lines at $rev"
}
echo "Before: the boot script (JavaScript in strings), index.html's hand copies, the map preview, the festival hero's HTML, the hook and its side caches"
report "$old" web/boot-script.ts web/index.html web/src/lib/boot-map.ts web/src/features/map/components/map-preview.tsx \
  web/src/features/cookies/api/static-banner.ts functions/pages/festival-html.ts web/src/lib/use-server-data.ts \
  web/src/lib/festival-lists.ts web/src/lib/catalog.ts web/src/lib/early-request.ts
echo "After: the boot entry, the shell rendered at build, the one map painter, the festival hero's HTML, the one store and the reads that use it"
report "$new" web/src/boot/boot.ts web/src/boot/boot-assets.ts web/src/boot/early-reads.ts web/src/boot/map-copy.ts \
  web/src/boot/static-markup.tsx web/index.html web/src/lib/boot-map.ts web/src/lib/map-paint.ts \
  web/src/features/map/components/map-preview.tsx web/src/features/cookies/api/static-banner.ts web/src/lib/use-hydrated.ts \
  functions/pages/festival-html.ts web/src/lib/use-server-data.ts web/src/lib/query-keys.ts web/src/lib/early-request.ts \
  web/src/features/festivals/api/festival-pages.ts web/src/features/calendar/api/calendar.ts web/src/features/map/api/map-views.ts
