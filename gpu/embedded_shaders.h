// The GLSL files of shaders/, compiled into the binary at build time (gpu/embed_shaders.cmake).
#pragma once

#include <string_view>

namespace posviz::gpu {

std::string_view embedded_shader(std::string_view name);  // empty when there is no such file

}  // namespace posviz::gpu
