// What a link to the page may say after '#': which storyline step, language, theme and mode the
// page opens in, so a lecturer can put "…/index.html#preset=rope-rotation&lang=zh" on a slide.
//   preset=NAME  a shipped preset by name, with or without its number ("rope-rotation")
//   slide=N      the storyline's N-th step (1-based); preset wins when both are given
//   lang=en|zh   theme=light|dark   lecture=1   L=positions   D=dims
// Unknown keys and bad values are InputErrors naming "#KEY", the app keeps running meanwhile.
#pragma once

#include <map>
#include <string>

namespace posviz::web {

// "a=1&b=x" → {a: "1", b: "x"}; percent-escapes decoded. InputError("#") for a part without '='.
std::map<std::string, std::string> parse_fragment(const std::string& fragment);

}  // namespace posviz::web
