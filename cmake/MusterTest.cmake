# Test helpers. muster_add_test_dir(<dir>) builds one GoogleTest executable from every
# <dir>/*_test.cpp (one file per kernel header) and registers each TEST with ctest.
find_package(GTest REQUIRED)
include(GoogleTest)

function(muster_add_test_dir name)
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${name}/*_test.cpp)
  set(target muster_${name}_tests)
  add_executable(${target} ${sources} ${ARGN})
  target_link_libraries(${target} PRIVATE muster_kernel GTest::gtest GTest::gtest_main
    fmt::fmt nlohmann_json::nlohmann_json)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(${target} PRIVATE
    MUSTER_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    MUSTER_BINARY_DIR="${PROJECT_BINARY_DIR}")
  muster_target_defaults(${target})
  gtest_discover_tests(${target} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    PROPERTIES LABELS ${name} DISCOVERY_TIMEOUT 60)
endfunction()
