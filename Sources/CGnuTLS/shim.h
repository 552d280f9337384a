#ifndef GUIDEBOOK_CGNUTLS_SHIM_H
#define GUIDEBOOK_CGNUTLS_SHIM_H
/* GnuTLS arrives with libmicrohttpd (libmicrohttpd-dev depends on libgnutls28-dev); only its
   hashing, HMAC and random functions are used, through the Crypto wrapper. */
#include <stddef.h>
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#endif
