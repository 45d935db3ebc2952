# Shared by install-deps.sh and install-test-deps.sh (sourced, not run): which Debian packages are
# missing, and how to become root to install them.

# Sets the array `missing` to the packages of "$@" that are not installed.
find_missing_packages() {
  missing=()
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
}

# Sets SUDO to "" as root, to "sudo" where it can be had, or says why not (as $1) and exits 1.
find_root_or_sudo() {
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      SUDO="sudo"
    else
      echo "$1: need root or sudo to install: ${missing[*]}" >&2
      exit 1
    fi
  fi
}
