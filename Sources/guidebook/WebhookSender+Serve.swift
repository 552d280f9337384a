import GuidebookAPI
import GuidebookCore
import GuidebookWebhooks
import HTTPClient

extension WebhookSender {
    /// The sender of `guidebook serve`, started, with every attempt logged; nil (and logged) when
    /// the database is read-only, where nothing may write.
    static func forServe(store: Store, settings: Settings, logger: Logger) -> WebhookSender? {
        let configuration = WebhookSenderConfiguration(policy: OutboundAddressPolicy(allowsPrivate: settings.webhookAllowPrivate),
                                                       timeoutSeconds: settings.webhookTimeoutSeconds,
                                                       retries: RetrySchedule(baseSeconds: settings.webhookRetryBaseSeconds))
        let sender = WebhookSender(store: store, configuration: configuration) { report in
            var fields: [(String, LogValue)] = [("webhook_id", .string(report.webhookID)), ("event_id", .string(report.eventID)),
                                                ("delivery_id", .int(Int(report.deliveryID))), ("attempt", .int(report.attempt)),
                                                ("latency_ms", .int(report.latencyMilliseconds))]
            if let status = report.status { fields.append(("status", .int(status))) }
            if let error = report.error { fields.append(("error", .string(error))) }
            switch report.outcome {
            case .delivered: logger.info("webhook delivered", fields)
            case .retry: logger.warning("webhook delivery failed; will retry", fields)
            case .giveUp(let reason): logger.error("webhook disabled", fields + [("reason", .string(reason))])
            }
        }
        guard sender.start() else {
            logger.warning("webhook sender not started: the database is read-only")
            return nil
        }
        return sender
    }
}
