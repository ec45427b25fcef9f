# SPDX-License-Identifier: MIT
# allot.mk: allot for a host project built with GNU Make (Git's case).
#
# Use, from the host's Makefile (allot checked out, vendored or a submodule at allot/);
# for Git these lines, and no others:
#
#     ALLOT_MALLOC = xmalloc               # the host's heap and die handler (optional)
#     ALLOT_REALLOC = xrealloc
#     ALLOT_DIE_DEFAULT = die_from_allot   # in an object every program links
#     include allot/allot.mk
#     GITLIBS += $(ALLOT_LIB)              # linked after the host's own library
#     BASIC_CFLAGS += $(ALLOT_CPPFLAGS)    # every host file that may include allot
#     clean: allot-clean
#
# A host without Git's variables: its objects that include allot headers get
# $(ALLOT_CPPFLAGS) and depend on $(ALLOT_STAMP); its programs link $(ALLOT_LIB).
#
# What it gives:
#   ALLOT_LIB       $(ALLOT_OBJDIR)/liballot.a, with a rule that builds it; its objects
#                   are named allot-*.o in their own directory, so no member or object
#                   clashes with the host's (allot's path.c is not the host's path.o)
#   ALLOT_CPPFLAGS  -I and -D flags that every host file including an allot header needs:
#                   struct layouts depend on the knobs (a mismatch does not link)
#   ALLOT_STAMP     a file rewritten whenever a flag that reaches allot's objects changes
#                   (knobs, compiler, ALLOT_CFLAGS): the library rebuilds; make the host's
#                   own objects depend on it too, as Git's on GIT-CFLAGS
#   allot-clean     a target that removes $(ALLOT_OBJDIR)
#   allot-install   a target that installs the library, its headers with the knobs pinned,
#                   allot.pc and the CMake package under $(DESTDIR)$(PREFIX) (PREFIX: default
#                   /usr/local; ALLOT_LIBDIR, ALLOT_INCLUDEDIR, ALLOT_DATADIR below it)
#
# What it reads (all optional; a knob takes Bazel's short value or the C spelling):
#   ALLOT_ARRAY_STRATEGY    heap | alloca | inline          (ALLOT_ARRAY_HEAP, ...)
#   ALLOT_ARRAY_INLINE_MAX  element count served without the heap
#   ALLOT_POOL_STRATEGY     malloc | arena                  (ALLOT_POOL_MALLOC, ...)
#   ALLOT_PATH_STORE        heap | inline                   (ALLOT_PATH_STORE_HEAP, ...)
#   ALLOT_PATH_INLINE_SIZE  bytes kept inside struct allot_path
#   ALLOT_PATH_FORMAT       libc | builtin                  (ALLOT_PATH_FORMAT_LIBC, ...)
#   ALLOT_STATS             0 | 1
#   ALLOT_CHECKS            auto | 0 | 1 (auto: on unless the flags define NDEBUG)
#   ALLOT_MALLOC, ALLOT_REALLOC, ALLOT_FREE, ALLOT_DIE_DEFAULT
#                           the host's heap and die handler (function names)
#   ALLOT_MALLOC_NAME       the heap backend's name, for allot_config()
#   ALLOT_OBJDIR            where objects and liballot.a go (default: allot-build)
#   ALLOT_CFLAGS            the flags allot's objects are compiled with: by default every
#                           flag the host compiles its own files with (Git's ALL_CFLAGS,
#                           DEVELOPER=1's warnings and SANITIZE= included; else CPPFLAGS
#                           and CFLAGS), with $(ALLOT_CPPFLAGS) after them
#   CC, AR, QUIET_CC, QUIET_AR  as the host has them (Git's quiet "CC file.o" lines;
#                           V=1 shows whole commands)
#
# A bad value stops make with the allowed ones.

ALLOT_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
ALLOT_OBJDIR ?= allot-build
ALLOT_LIB := $(ALLOT_OBJDIR)/liballot.a

# $(call allot__values,decade): the short values of the strategy knob whose values are
# numbered in that decade (alloc/config.h's knob table: 1 array, 2 pool, 3 path store,
# 4 path format).
allot__values = $(shell sed -n 's/^\#define ALLOT__VALUE_$(1)[0-9]  *[0-9]*, "\([a-z0-9_]*\)"$$/\1/p' $(ALLOT_DIR)/alloc/config.h)
# $(call allot__knob,VARIABLE,C prefix,short values): -DVARIABLE=<C spelling>, or an error.
allot__upper = $(shell echo '$(1)' | tr a-z A-Z)
define allot__knob
$(if $(filter $($(1)),$(3)),-D$(1)=$(2)$(call allot__upper,$($(1))),$(if $(filter $($(1)),$(addprefix $(2),$(call allot__upper,$(3)))),-D$(1)=$($(1)),$(error allot: $(1) must be one of $(3) (or $(addprefix $(2),$(call allot__upper,$(3)))), not '$($(1))')))
endef
# $(call allot__choice,VARIABLE,values): -DVARIABLE=value for one of values, or an error.
allot__choice = $(if $(filter $($(1)),$(2)),-D$(1)=$($(1)),$(error allot: $(1) must be one of $(2), not '$($(1))'))
# $(call allot__count,VARIABLE): -DVARIABLE=n for a whole number, or an error.
allot__count = $(if $(shell echo '$($(1))' | grep -x '[0-9][0-9]*'),-D$(1)=$($(1)),$(error allot: $(1) must be a whole number, not '$($(1))'))

ALLOT_CPPFLAGS := -I$(ALLOT_DIR)
ALLOT_CPPFLAGS += $(if $(ALLOT_ARRAY_STRATEGY),$(call allot__knob,ALLOT_ARRAY_STRATEGY,ALLOT_ARRAY_,$(call allot__values,1)))
ALLOT_CPPFLAGS += $(if $(ALLOT_ARRAY_INLINE_MAX),$(call allot__count,ALLOT_ARRAY_INLINE_MAX))
ALLOT_CPPFLAGS += $(if $(ALLOT_POOL_STRATEGY),$(call allot__knob,ALLOT_POOL_STRATEGY,ALLOT_POOL_,$(call allot__values,2)))
ALLOT_CPPFLAGS += $(if $(ALLOT_PATH_STORE),$(call allot__knob,ALLOT_PATH_STORE,ALLOT_PATH_STORE_,$(call allot__values,3)))
ALLOT_CPPFLAGS += $(if $(ALLOT_PATH_INLINE_SIZE),$(call allot__count,ALLOT_PATH_INLINE_SIZE))
ALLOT_CPPFLAGS += $(if $(ALLOT_PATH_FORMAT),$(call allot__knob,ALLOT_PATH_FORMAT,ALLOT_PATH_FORMAT_,$(call allot__values,4)))
ALLOT_CPPFLAGS += $(if $(ALLOT_STATS),$(call allot__choice,ALLOT_STATS,0 1))
ALLOT_CPPFLAGS += $(if $(filter-out auto,$(ALLOT_CHECKS)),$(call allot__choice,ALLOT_CHECKS,0 1))
ALLOT_CPPFLAGS += $(foreach hook,ALLOT_MALLOC ALLOT_REALLOC ALLOT_FREE ALLOT_DIE_DEFAULT,$(if $($(hook)),-D$(hook)=$($(hook))))
ALLOT_CPPFLAGS += $(if $(ALLOT_MALLOC_NAME),'-DALLOT_MALLOC_NAME="$(ALLOT_MALLOC_NAME)"')
ALLOT_CPPFLAGS := $(strip $(ALLOT_CPPFLAGS))

# alloc/*.c include the strategies they use (strategies/*.c compile to nothing alone).
ALLOT_SOURCES := $(wildcard $(ALLOT_DIR)/alloc/*.c)
ALLOT_HEADERS := $(wildcard $(ALLOT_DIR)/alloc/*.h $(ALLOT_DIR)/strategies/*.h $(ALLOT_DIR)/strategies/*.c)
# alloc/path.c -> $(ALLOT_OBJDIR)/allot-alloc-path.o
ALLOT_OBJS := $(foreach src,$(ALLOT_SOURCES),$(ALLOT_OBJDIR)/allot-$(notdir $(patsubst %/,%,$(dir $(src))))-$(notdir $(src:.c=.o)))

# The flags allot's objects are compiled with, evaluated when a rule runs (the host's
# own flags may be set after this file is included).
ALLOT_CFLAGS ?= $(if $(ALL_CFLAGS),$(ALL_CFLAGS),$(CPPFLAGS) $(CFLAGS))
ALLOT__FLAGS = $(CC) $(ALLOT_CFLAGS) $(ALLOT_CPPFLAGS)

# Rewritten when the flags change (as Git's GIT-CFLAGS): the library rebuilds.
ALLOT_STAMP := $(ALLOT_OBJDIR)/allot-flags
$(ALLOT_STAMP): allot-FORCE
	@mkdir -p '$(ALLOT_OBJDIR)'; flags='$(subst ','\'',$(ALLOT__FLAGS))'; \
	if test x"$$flags" != x"`cat '$@' 2>/dev/null`"; then echo "$$flags" >'$@'; fi

$(ALLOT_LIB): $(ALLOT_OBJS)
	$(QUIET_AR)$(RM) $@ && $(AR) rcs $@ $(ALLOT_OBJS)

define allot__object_rule
$(ALLOT_OBJDIR)/allot-$(notdir $(patsubst %/,%,$(dir $(1))))-$(notdir $(1:.c=.o)): $(1) $(ALLOT_HEADERS) $(ALLOT_STAMP)
	$$(QUIET_CC)$$(CC) -o $$@ -c $$(ALLOT_CFLAGS) $$(ALLOT_CPPFLAGS) $(1)
endef
$(foreach src,$(ALLOT_SOURCES),$(eval $(call allot__object_rule,$(src))))

# allot-install: liballot.a, the public headers (alloc/options.h pinning the knobs the library
# was built with), allot.pc, the CMake package and the license, under $(DESTDIR)$(PREFIX):
# the tree cmake --install and meson install write. Not `install`: a host has its own.
PREFIX ?= /usr/local
ALLOT_LIBDIR ?= lib
ALLOT_INCLUDEDIR ?= include
ALLOT_DATADIR ?= share
allot-install: $(ALLOT_LIB)
	@ALLOT_INSTALL_CC='$(subst ','\'',$(ALLOT__FLAGS))' $(SHELL) '$(ALLOT_DIR)/install/allot-install.sh' \
		'$(ALLOT_DIR)' '$(ALLOT_LIB)' '$(DESTDIR)' '$(PREFIX)' '$(ALLOT_LIBDIR)' '$(ALLOT_INCLUDEDIR)' \
		'$(ALLOT_DATADIR)'

.PHONY: allot-clean allot-FORCE allot-install
allot-clean:
	$(RM) -r $(ALLOT_OBJDIR)
