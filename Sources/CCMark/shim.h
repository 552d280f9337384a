#ifndef GUIDEBOOK_CCMARK_SHIM_H
#define GUIDEBOOK_CCMARK_SHIM_H

/* cmark, the CommonMark reference implementation: comments are Markdown, rendered to HTML with
   its default (safe) options, which leave raw HTML and dangerous URLs out. */
#include <cmark.h>

#endif
