#!/bin/sh
# Put Dealer Drill in this user's application menu, with its icon: run it from the unpacked DealerDrill
# folder (./install-menu-entry.sh). `./install-menu-entry.sh --remove` takes the entry away again.
# Only files under ~/.local/share (or $XDG_DATA_HOME) are written; move the folder, then run it again.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
id=nz.dealerdrill.DealerDrill
data=${XDG_DATA_HOME:-$HOME/.local/share}

if [ "${1:-}" = "--remove" ]; then
    rm -f "$data/applications/$id.desktop" "$data/metainfo/$id.metainfo.xml"
    for icon in "$data"/icons/hicolor/*/apps/"$id".png "$data"/icons/hicolor/*/apps/"$id".svg; do
        rm -f "$icon"
    done
    echo "Dealer Drill is no longer in the menu."
    exit 0
fi

# The menu entry names the program by its full path, in double quotes; a desktop entry cannot carry
# these characters in such a path without escapes, so rather than guess, ask for a plainer folder.
case "$here" in
    *'"'* | *'`'* | *'$'* | *'\'* | *'%'*)
        echo "Please move the DealerDrill folder to a path without \" \` \$ \\ or % and run this again." >&2
        exit 1 ;;
esac

mkdir -p "$data/applications" "$data/metainfo" "$data/icons"
cp -R "$here/share/icons/." "$data/icons/"
cp "$here/share/metainfo/$id.metainfo.xml" "$data/metainfo/"
while IFS= read -r line; do
    case "$line" in
        Exec=*) printf 'Exec="%s/DealerDrill"\n' "$here" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$here/share/applications/$id.desktop" >"$data/applications/$id.desktop"
# Desktops that keep caches of the menu and the icons learn of the change (when those tools exist).
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q "$data/applications" || true; fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t "$data/icons/hicolor" || true; fi
echo "Dealer Drill is in the menu now (it starts $here/DealerDrill)."
