# The browser build's third-party code, all from Debian: Eigen, nlohmann-json and CLI11 are
# header-only and used from /usr/include as on the desktop, but through folders that hold only
# them (an -I/usr/include would put glibc's headers before emscripten's own libc); Dear ImGui is
# compiled from Debian's source package (tools/web/fetch_imgui_source.sh); OpenMP is answered for
# one thread (include/omp.h). The imported targets carry the names find_package() gives on the
# desktop, so core/ and app/gui/ link them unchanged.
set(POSVIZ_HOST_HEADERS ${CMAKE_BINARY_DIR}/host_headers)
file(MAKE_DIRECTORY ${POSVIZ_HOST_HEADERS})
foreach(dir eigen3/Eigen eigen3/unsupported nlohmann CLI)
  get_filename_component(name ${dir} NAME)
  if(NOT EXISTS ${POSVIZ_HOST_HEADERS}/${name})
    file(CREATE_LINK /usr/include/${dir} ${POSVIZ_HOST_HEADERS}/${name} SYMBOLIC)
  endif()
endforeach()
foreach(target Eigen3::Eigen nlohmann_json::nlohmann_json CLI11::CLI11)
  add_library(${target} INTERFACE IMPORTED)
  target_include_directories(${target} SYSTEM INTERFACE ${POSVIZ_HOST_HEADERS})
endforeach()
# find_package() in core/ then finds these targets defined and adds nothing.
set(Eigen3_DIR /usr/share/eigen3/cmake CACHE PATH "")
set(nlohmann_json_DIR /usr/share/cmake/nlohmann_json CACHE PATH "")
set(CLI11_DIR /usr/share/cmake/CLI11 CACHE PATH "")
add_library(posviz_web_omp INTERFACE)
target_include_directories(posviz_web_omp SYSTEM INTERFACE ${CMAKE_CURRENT_LIST_DIR}/include)
# Wasm SIMD for Eigen's products and the picture path; exceptions on (core reports bad input
# with them).
add_compile_options(-msimd128 -fexceptions)
add_link_options(-fexceptions)
