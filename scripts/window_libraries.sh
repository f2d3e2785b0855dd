#!/bin/sh
# The system libraries Qt's xcb platform (the one Qt uses on a Linux desktop unless told otherwise) links:
# the X11 libraries of libQt6XcbQpa and of the xcb plugin (readelf -d: NEEDED). When one is missing Qt
# aborts with its own page about platform plugins, which names no package; `make run` calls this first and
# names every missing one with the package to install. Exit 1 when something is missing, 0 otherwise.
# LDCONFIG: the ldconfig to ask (a test hands in a stand-in).
#
# Each line: the library, its Debian/Ubuntu package, its Fedora package. A minimal Debian lacks the xcb
# utility libraries (cursor, icccm, keysyms) and libxkbcommon-x11 even where X11 itself is installed.
LIBRARIES='libxcb.so.1 libxcb1 libxcb
libX11.so.6 libx11-6 libX11
libX11-xcb.so.1 libx11-xcb1 libX11-xcb
libxkbcommon.so.0 libxkbcommon0 libxkbcommon
libxkbcommon-x11.so.0 libxkbcommon-x11-0 libxkbcommon-x11
libxcb-cursor.so.0 libxcb-cursor0 xcb-util-cursor
libxcb-icccm.so.4 libxcb-icccm4 xcb-util-wm
libxcb-keysyms.so.1 libxcb-keysyms1 xcb-util-keysyms
libxcb-image.so.0 libxcb-image0 xcb-util-image
libxcb-render-util.so.0 libxcb-render-util0 xcb-util-renderutil
libxcb-util.so.1 libxcb-util1 xcb-util
libxcb-randr.so.0 libxcb-randr0 libxcb
libxcb-render.so.0 libxcb-render0 libxcb
libxcb-shape.so.0 libxcb-shape0 libxcb
libxcb-shm.so.0 libxcb-shm0 libxcb
libxcb-sync.so.1 libxcb-sync1 libxcb
libxcb-xfixes.so.0 libxcb-xfixes0 libxcb
libxcb-xkb.so.1 libxcb-xkb1 libxcb'

LDCONFIG=${LDCONFIG:-ldconfig}
known=$("$LDCONFIG" -p) || exit 0   # no answer from ldconfig: leave the check to Qt rather than guess
missing='' debian='' fedora=''
while read -r library debian_package fedora_package; do
    # ldconfig -p lists "	libname.so.N (libc6,x86-64) => /path": the name is matched whole.
    if ! printf '%s\n' "$known" | grep -q "^[[:space:]]*$(printf '%s' "$library" | sed 's/[.]/[.]/g') "; then
        missing="$missing $library"
        debian="$debian $debian_package"
        case " $fedora " in *" $fedora_package "*) ;; *) fedora="$fedora $fedora_package" ;; esac
    fi
done <<EOF
$LIBRARIES
EOF

[ -z "$missing" ] && exit 0
{
    echo "Dealer Drill's window needs these X11 libraries, which are not installed:$missing."
    echo "Install them, then run make run again:"
    echo "    sudo apt install$debian        (Debian, Ubuntu)"
    echo "    sudo dnf install$fedora        (Fedora)"
    echo "Or choose another Qt platform, for example: QT_QPA_PLATFORM=wayland make run"
} >&2
exit 1
