# Warning flags and sanitizers, applied per target with muster_target_defaults(); the
# fuzzers' coverage instrumentation, on the libraries they drive, with muster_fuzz_instrument().
function(muster_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
    -Wno-sign-conversion)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports a false -Wrestrict inside std::string at -O2/-O3 (GCC bug 105329).
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(MUSTER_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(MUSTER_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
    # The Lua heap on the C allocator, where AddressSanitizer sees it (runtime_impl.hpp).
    target_compile_definitions(${target} PRIVATE MUSTER_LUA_SYSTEM_ALLOC=1)
  endif()
endfunction()

# With MUSTER_FUZZ: compiles `target` with libFuzzer's coverage instrumentation (no libFuzzer
# runtime: the tests link the same library and run as usual; only tests/fuzz links it).
function(muster_fuzz_instrument target)
  if(MUSTER_FUZZ)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()
