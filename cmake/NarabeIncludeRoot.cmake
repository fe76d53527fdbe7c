# narabe_include_root(TARGET SCOPE PATH...): TARGET's include directory holds only
# PATHs (folders or files, relative to the source root, included as "PATH/..."):
# a folder of its own in the build tree with a link to each. A target sees its own
# paths and those of what it links, never the whole tree, so an include across
# the layers (engine/ including protocol/, engine/games including engine/search)
# fails to build. SCOPE is PUBLIC for a library (its users include its headers),
# PRIVATE for a program.
function(narabe_include_root target scope)
  set(root ${PROJECT_BINARY_DIR}/include_roots/${target})
  foreach(path IN LISTS ARGN)
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${path})
      message(FATAL_ERROR "narabe_include_root(${target}): ${path} is not in the source tree")
    endif()
    get_filename_component(parent ${root}/${path} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(REMOVE ${root}/${path})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${path} ${root}/${path} SYMBOLIC)
  endforeach()
  target_include_directories(${target} ${scope} ${root})
endfunction()
