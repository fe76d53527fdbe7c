# narabe_program(TARGET): an executable a user or developer runs. It lands in
# build/<preset>/ beside narabe (the frontend, the scripts and the tests look for the
# programs there), `cmake --install` puts it in the bin directory, the `programs`
# target (the README's first command) builds it, and a test checks its --version.
function(narabe_program target)
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
  target_link_libraries(${target} PRIVATE narabe_version)
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  add_dependencies(programs ${target})
  set_property(GLOBAL APPEND PROPERTY NARABE_PROGRAMS ${target})
endfunction()
