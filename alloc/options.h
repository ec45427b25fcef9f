/* SPDX-License-Identifier: MIT */
/*
 * alloc/options.h: the knobs an installed allot was built with.
 *
 * In allot's own tree, and wherever allot is vendored or built as a subproject, this
 * header pins nothing: the knobs come from -D flags or their defaults (alloc/config.h).
 * `cmake --install`, `meson install` and `make allot-install` install it rewritten from
 * install/options.h.in with the values the library was built with, so that a program
 * built against the installed headers sees them without any -D, and a -D that says
 * otherwise stops its compile with the installed value (as abseil's absl/base/options.h).
 */
#ifndef ALLOT_OPTIONS_H
#define ALLOT_OPTIONS_H

#endif /* ALLOT_OPTIONS_H */
