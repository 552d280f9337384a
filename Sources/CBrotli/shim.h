#ifndef GUIDEBOOK_CBROTLI_SHIM_H
#define GUIDEBOOK_CBROTLI_SHIM_H

/* Brotli's encoder (RFC 7932), for `Content-Encoding: br`. Only the one-shot encoder is used. */
#include <brotli/encode.h>

#endif
