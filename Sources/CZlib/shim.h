#ifndef GUIDEBOOK_CZLIB_SHIM_H
#define GUIDEBOOK_CZLIB_SHIM_H

#include <zlib.h>

/// deflateInit2 is a macro, which Swift cannot call. `window_bits` 31 writes a gzip member, -15 a
/// raw deflate stream (zip entries); memory level 8 and the default strategy, as zlib advises.
static inline int guidebook_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}

#endif
