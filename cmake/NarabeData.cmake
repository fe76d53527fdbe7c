# The engine's data files: the trained weights it loads at run time (Reversi's
# patterns, Gomoku's one file per rule) and Reversi's opening book. The Connect Four
# book is compiled in (engine/CMakeLists.txt), so it is not among them.
set(NARABE_DATA_FILES
  ${PROJECT_SOURCE_DIR}/engine/games/reversi/reversi_eval.bin
  ${PROJECT_SOURCE_DIR}/engine/games/reversi/reversi_book.bin
  ${PROJECT_SOURCE_DIR}/engine/games/gomoku/gomoku_eval_freestyle.bin
  ${PROJECT_SOURCE_DIR}/engine/games/gomoku/gomoku_eval_standard.bin
  ${PROJECT_SOURCE_DIR}/engine/games/gomoku/gomoku_eval_renju.bin
  ${PROJECT_SOURCE_DIR}/engine/games/gomoku/gomoku_eval_overline-forbidden.bin
)

# narabe_data_files_beside(TARGET DIR): copies the data files into DIR before TARGET
# is built. The loaders look beside the running executable (protocol/server/data_files.h),
# never into the source tree, so a program and its tests find them there.
function(narabe_data_files_beside target dir)
  set(copies)
  foreach(source ${NARABE_DATA_FILES})
    get_filename_component(name ${source} NAME)
    add_custom_command(OUTPUT ${dir}/${name}
      COMMAND ${CMAKE_COMMAND} -E copy_if_different ${source} ${dir}/${name}
      DEPENDS ${source}
      COMMENT "Copying ${name} into ${dir}")
    list(APPEND copies ${dir}/${name})
  endforeach()
  add_custom_target(${target}_data_files ALL DEPENDS ${copies})
  add_dependencies(${target} ${target}_data_files)
endfunction()
