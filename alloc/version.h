/* SPDX-License-Identifier: MIT */
/*
 * alloc/version.h: allot's version, the one place it is written. CMake, Meson, allot.mk
 * and the installed allot.pc and CMake package read it from here, and
 * tests/hosts/module.py holds MODULE.bazel's to it.
 *
 * While the major version is 0, every minor version may change a struct layout: the
 * link-time check (alloc/config.h) names the major and minor version, so a program built
 * against one does not link against another.
 */
#ifndef ALLOT_VERSION_H
#define ALLOT_VERSION_H

#define ALLOT_VERSION_MAJOR 0
#define ALLOT_VERSION_MINOR 2
#define ALLOT_VERSION_PATCH 0

/* "0.2.0" */
#define ALLOT_VERSION \
	ALLOT__VERSION_STRING(ALLOT_VERSION_MAJOR.ALLOT_VERSION_MINOR.ALLOT_VERSION_PATCH)
#define ALLOT__VERSION_STRING(x)  ALLOT__VERSION_STRING_(x)
#define ALLOT__VERSION_STRING_(x) #x

#endif /* ALLOT_VERSION_H */
