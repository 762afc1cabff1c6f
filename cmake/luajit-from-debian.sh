#!/usr/bin/env bash
# Builds LuaJIT from Debian's own source package (apt-get source luajit, the release this
# machine's Debian ships, Debian's patches applied), as a static library with
# LUAJIT_ENABLE_CHECKHOOK: compiled code then honours a hook set from another thread, which
# is how the sandbox's time budget stops JIT-compiled loops (docs/decisions/0004). No Debian
# binary package enables the flag. Installs DEST/include/*.h and DEST/lib/libluajit-5.1.a;
# does nothing when DEST holds a build of the same flags. Needs apt-get and dpkg-source
# (dpkg-dev, part of build-essential) and Debian's mirrors; no root (a private apt state).
#   usage: luajit-from-debian.sh DEST
set -euo pipefail
dest=${1:?usage: luajit-from-debian.sh DEST}
flags="-DLUAJIT_ENABLE_CHECKHOOK"
stamp="$dest/built-with"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$flags" ] && [ -f "$dest/lib/libluajit-5.1.a" ]; then
  exit 0
fi
command -v apt-get >/dev/null && command -v dpkg-source >/dev/null || {
  echo "luajit-from-debian: needs apt-get and dpkg-source (dpkg-dev); or configure with -DMUSTER_LUAJIT=system" >&2
  exit 1
}
rm -rf "$dest"
work="$dest/work"
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/src" "$dest/include" "$dest/lib"
. /etc/os-release
codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release (not Debian?)}
cat > "$work/sources.list" <<SOURCES
deb-src http://deb.debian.org/debian $codename main
deb-src http://deb.debian.org/debian $codename-updates main
deb-src http://deb.debian.org/debian-security $codename-security main
SOURCES
apt=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=/nonexistent"
     -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "APT::Sandbox::User=$(id -un)")
echo "luajit-from-debian: fetching Debian's luajit source package ($codename)"
apt-get "${apt[@]}" -qq update
(cd "$work/src" && apt-get "${apt[@]}" -qq source --download-only luajit)
dsc=$(ls "$work"/src/luajit_*.dsc)
dpkg-source --no-check -x "$dsc" "$work/luajit" >/dev/null
echo "luajit-from-debian: building $(basename "$dsc" .dsc) with $flags"
make -C "$work/luajit" -j"$(nproc)" BUILDMODE=static XCFLAGS="$flags" Q= E=@: >"$work/build.log" 2>&1 || {
  tail -20 "$work/build.log" >&2
  exit 1
}
cp "$work/luajit/src/"{lua.h,lualib.h,lauxlib.h,luaconf.h,lua.hpp,luajit.h} "$dest/include/"
cp "$work/luajit/src/libluajit.a" "$dest/lib/libluajit-5.1.a"
basename "$dsc" .dsc >"$dest/version"
rm -rf "$work"
echo "$flags" >"$stamp"
