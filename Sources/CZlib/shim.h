#ifndef GUIDEBOOK_CZLIB_SHIM_H
#define GUIDEBOOK_CZLIB_SHIM_H

#include <stddef.h>
#include <zlib.h>

/// Compresses `input` into one gzip member in `output` (room for `*output_size` bytes) at the best
/// level, and sets `*output_size` to the bytes written. Returns Z_OK, Z_BUF_ERROR when `output`
/// is too small, or zlib's error. (deflateInit2 is a macro, which Swift cannot call.)
static inline int guidebook_gzip(const unsigned char *input, size_t input_size, unsigned char *output, size_t *output_size) {
    z_stream stream = {0};
    int status = deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
    if (status != Z_OK) return status;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)input_size;
    stream.next_out = output;
    stream.avail_out = (uInt)*output_size;
    status = deflate(&stream, Z_FINISH);
    *output_size = stream.total_out;
    deflateEnd(&stream);
    if (status == Z_STREAM_END) return Z_OK;
    return status == Z_OK ? Z_BUF_ERROR : status;
}

#endif
