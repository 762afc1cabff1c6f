// The one include of the LuaJIT C API. Only files under kernel/src/lua/ may include it.
#pragma once

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <luajit.h>
#include <lualib.h>
}
