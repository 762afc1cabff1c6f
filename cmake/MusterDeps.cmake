# Third-party dependencies, all from Debian: binary packages (see Makefile `deps`), and
# LuaJIT from Debian's source package, built here with LUAJIT_ENABLE_CHECKHOOK so the time
# budget can stop JIT-compiled code (docs/decisions/0004-budgets-and-the-jit.md).
#   -DMUSTER_LUAJIT=debian-source (default): cmake/luajit-from-debian.sh, into
#     MUSTER_DEPS_DIR (default .deps/ in the source tree, shared by every build folder);
#   -DMUSTER_LUAJIT=system: Debian's libluajit-5.1-dev as it is. Its JIT cannot be stopped
#     by a hook, so the runtime then keeps the JIT off whatever the policy asks.
find_package(PkgConfig REQUIRED)
set(MUSTER_LUAJIT "debian-source" CACHE STRING "LuaJIT: debian-source (built with CHECKHOOK) or system")
set_property(CACHE MUSTER_LUAJIT PROPERTY STRINGS debian-source system)
if(MUSTER_LUAJIT STREQUAL "debian-source")
  set(MUSTER_DEPS_DIR "${PROJECT_SOURCE_DIR}/.deps" CACHE PATH "Where dependencies built from source live")
  set(luajit_dir "${MUSTER_DEPS_DIR}/luajit")
  execute_process(COMMAND bash "${PROJECT_SOURCE_DIR}/cmake/luajit-from-debian.sh" "${luajit_dir}"
                  RESULT_VARIABLE luajit_status)
  if(NOT luajit_status EQUAL 0)
    message(FATAL_ERROR "Building LuaJIT from Debian's source package failed (see above); "
                        "-DMUSTER_LUAJIT=system uses libluajit-5.1-dev without the JIT")
  endif()
  file(READ "${luajit_dir}/version" luajit_version)
  string(STRIP "${luajit_version}" luajit_version)
  message(STATUS "LuaJIT: ${luajit_version} from Debian's source, with LUAJIT_ENABLE_CHECKHOOK")
  add_library(muster_luajit STATIC IMPORTED)
  set_target_properties(muster_luajit PROPERTIES
    IMPORTED_LOCATION "${luajit_dir}/lib/libluajit-5.1.a"
    INTERFACE_INCLUDE_DIRECTORIES "${luajit_dir}/include"
    INTERFACE_LINK_LIBRARIES "m;${CMAKE_DL_LIBS}"
    INTERFACE_COMPILE_DEFINITIONS "MUSTER_LUAJIT_CHECKHOOK=1")
  set(MUSTER_LUAJIT_TARGET muster_luajit)
elseif(MUSTER_LUAJIT STREQUAL "system")
  pkg_check_modules(LUAJIT REQUIRED IMPORTED_TARGET luajit)
  set(MUSTER_LUAJIT_TARGET PkgConfig::LUAJIT)
else()
  message(FATAL_ERROR "MUSTER_LUAJIT must be debian-source or system, not '${MUSTER_LUAJIT}'")
endif()
find_package(fmt REQUIRED)
find_package(range-v3 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(Threads REQUIRED)
