# client_tests: unit tests of protocol/client (engine process and message
# parsing). Included from tests/CMakeLists.txt; paths are relative to this file.
include(GoogleTest)

add_executable(client_tests
  ${CMAKE_CURRENT_LIST_DIR}/engine_messages_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine_process_test.cpp
)
target_link_libraries(client_tests PRIVATE narabe_client GTest::gtest_main)
narabe_unity_tests(client_tests)
gtest_discover_tests(client_tests)
