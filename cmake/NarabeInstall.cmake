# `cmake --install` and CPack. The programs install themselves (narabe_program);
# here the rest of the layout, in GNUInstallDirs' places:
#   bin/                 the programs and pbrain-narabe (a relative link to narabe)
#   share/narabe/        the trained weights and Reversi's opening book: the engine
#                        looks in ../share/narabe from its own directory
#                        (protocol/server/data_files.h)
#   share/doc/narabe/    README.md and docs/, links between them kept
# The Connect Four book is compiled into the engine, so it has no file here.

# A symbolic link stays one when installed (file(INSTALL) copies the link itself).
install(FILES ${PROJECT_BINARY_DIR}/pbrain-narabe TYPE BIN)
install(FILES ${NARABE_DATA_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/narabe)
install(FILES README.md TYPE DOC)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# `cpack -G DEB` in the build directory: a Debian package. The libraries' packages
# come from dpkg-shlibdeps; the fonts are what narabe-gui draws with.
set(CPACK_PACKAGE_NAME narabe)
set(CPACK_PACKAGE_VENDOR "the narabe developers")
set(CPACK_PACKAGE_CONTACT "the narabe developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(NARABE_WITH_SDL2)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-ipafont-gothic")
endif()
include(CPack)
