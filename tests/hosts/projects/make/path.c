/* SPDX-License-Identifier: MIT */
/* The host's own path.c: its object, path.o, lives in the host's archive beside allot's. */
int host_path_depth(const char *path);

int host_path_depth(const char *path)
{
	int depth = 0;

	for (; *path; path++)
		depth += *path == '/';
	return depth;
}
