# Test helpers. muster_add_test_dir(<dir>) builds one GoogleTest executable from every
# <dir>/*_test.cpp (one file per kernel header) and registers each TEST with ctest.
find_package(GTest REQUIRED)
include(GoogleTest)

# With NO_MAIN, every <dir>/*.cpp is compiled and the directory supplies its own main().
function(muster_add_test_dir name)
  cmake_parse_arguments(arg "NO_MAIN" "" "" ${ARGN})
  set(target muster_${name}_tests)
  if(arg_NO_MAIN)
    file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*.cpp)
    add_executable(${target} ${sources})
    target_link_libraries(${target} PRIVATE GTest::gtest)
  else()
    file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*_test.cpp)
    add_executable(${target} ${sources})
    target_link_libraries(${target} PRIVATE GTest::gtest GTest::gtest_main)
  endif()
  target_link_libraries(${target} PRIVATE muster_kernel fmt::fmt nlohmann_json::nlohmann_json)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(${target} PRIVATE
    MUSTER_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    MUSTER_BINARY_DIR="${PROJECT_BINARY_DIR}")
  muster_target_defaults(${target})
  if(MUSTER_FUZZ)
    # The sanitizer build of CI: a test's own code runs once, so it is compiled without
    # optimisation (half the compile time); the kernel it drives keeps the build's -O1.
    target_compile_options(${target} PRIVATE -O0)
  endif()
  gtest_discover_tests(${target} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    PROPERTIES LABELS ${name} DISCOVERY_TIMEOUT 60)
endfunction()
