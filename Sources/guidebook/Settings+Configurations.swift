import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookWebhooks
import HTTPClient
import HTTPServer

// The one place where the parsed settings become the configuration of each part. Every default
// is owned by the part's configuration (and `Settings` starts from it); nothing here adds one.
extension Settings {
    /// The API layer's configuration.
    func apiConfiguration() -> APIConfiguration {
        var configuration = APIConfiguration()
        configuration.bodyLimit = bodyLimit
        configuration.importBodyLimit = importLimit
        configuration.spoolDirectory = spoolDirectory ?? APIConfiguration.spoolDirectory(besides: databasePath)
        configuration.requiresSeed = loadSeed
        configuration.responseCacheBytes = responseCacheMegabytes * 1024 * 1024
        configuration.authentication = AuthenticationConfiguration(readsNeedToken: authReads, adminTokenDigest: adminTokenDigest,
                                                                   throttle: .init(freeFailures: authFailureLimit),
                                                                   trustedProxies: trustedProxies)
        configuration.allowsPrivateWebhookTargets = webhookAllowPrivate
        configuration.corsOrigins = corsOrigins
        configuration.embedAncestors = embedAncestors
        configuration.publicURL = publicURL
        configuration.requireIfMatch = requireIfMatch
        if replica { configuration.replica = ReplicaConfiguration(primaryURL: primaryURL, maxLagSeconds: maxLagSeconds) }
        configuration.publicJobs = publicJobs
        return configuration
    }

    /// The HTTP server's configuration, with `tls` (nil: plain HTTP).
    func serverConfiguration(tls: HTTPServerConfiguration.TLS?) -> HTTPServerConfiguration {
        HTTPServerConfiguration(host: host, port: port, threads: threads, connectionLimit: maxConnections,
                                connectionTimeoutSeconds: timeoutSeconds, headerTimeoutSeconds: headerTimeoutSeconds, tls: tls,
                                linger: .init(seconds: lingerSeconds, bytes: lingerBytes))
    }

    /// The webhook sender's configuration.
    func webhookSenderConfiguration() -> WebhookSenderConfiguration {
        var configuration = WebhookSenderConfiguration()
        configuration.policy = OutboundAddressPolicy(allowsPrivate: webhookAllowPrivate)
        configuration.timeoutSeconds = webhookTimeoutSeconds
        configuration.retries.baseSeconds = webhookRetryBaseSeconds
        return configuration
    }

    /// The TLS certificate and key from `--tls-cert` and `--tls-key`; nil when they are not set.
    func tlsMaterial() throws -> HTTPServerConfiguration.TLS? {
        guard let certificate = tlsCertificatePath, let key = tlsKeyPath else { return nil }
        guard let certificatePEM = try? String(contentsOfFile: certificate, encoding: .utf8),
              let keyPEM = try? String(contentsOfFile: key, encoding: .utf8) else {
            throw UsageError("cannot read the TLS certificate or key file")
        }
        return .init(certificatePEM: certificatePEM, keyPEM: keyPEM)
    }
}
