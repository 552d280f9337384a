#ifndef GUIDEBOOK_CMICROHTTPD_SHIM_H
#define GUIDEBOOK_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <microhttpd.h>

/* MHD_get_daemon_info is variadic; this wrapper gives Swift what it needs. */
static inline unsigned int guidebook_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/* MHD_get_connection_info is variadic too: the client's socket address (NULL when unknown). */
static inline const struct sockaddr *guidebook_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/* The size of the request head (request line, headers and the empty line), known once the
   headers have arrived; 0 when unknown. */
static inline size_t guidebook_mhd_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/* The connection's socket (-1 when unknown). */
static inline int guidebook_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
/* What the server keeps for a connection (set by the connection notification callback); NULL when none. */
static inline void *guidebook_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}
/* Bytes that have arrived on `socket` and not been read yet (ioctl is variadic); -1 when unknown. */
static inline int guidebook_socket_unread_bytes(int socket) {
    int count = 0;
    return ioctl(socket, FIONREAD, &count) == 0 ? count : -1;
}
#endif
