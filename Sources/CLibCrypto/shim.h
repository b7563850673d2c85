/*
 * CLibCrypto: SHA-256 from the system's OpenSSL libcrypto (Debian: libssl-dev), which picks the
 * CPU's SHA extensions (SHA-NI) or AVX2 code at run time.
 *
 * The streaming functions (SHA256_Init, _Update, _Final) work on a plain C struct, so the Swift
 * hasher holding one is a value that copies correctly, needs no allocation and cannot fail on a
 * provider or configuration file, as EVP's fetched digests can. OpenSSL 3 marks them deprecated in
 * favour of EVP but keeps them in every 3.x release; the macro below keeps that notice out of the
 * Swift build.
 */
#ifndef SHATTER_CLIBCRYPTO_SHIM_H
#define SHATTER_CLIBCRYPTO_SHIM_H

#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>

#endif /* SHATTER_CLIBCRYPTO_SHIM_H */
