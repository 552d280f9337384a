import Foundation
import GuidebookBase
import GuidebookCore
import GuidebookWebhooks
import HTTPServer

/// Webhook endpoints (admin only): register one (its secret shown once), list, show, delete,
/// send a test ping, and see the deliveries with every attempt. Delivery itself is the sender's
/// (`WebhookSender`, started by `guidebook serve`): these handlers only write the outbox.
struct WebhookController: Controller {
    let store: Store
    /// Whether URLs may point at loopback, link-local and private networks.
    let allowsPrivateTargets: Bool

    static let maxDescriptionLength = 500
    /// The most topics one webhook may name.
    static let maxTopics = 1000

    func register(into router: inout Router<RouteHandler>) {
        router.add("POST", "/v1/webhooks", create, options: [.role(.admin)])
        router.add("GET", "/v1/webhooks", list, options: [.role(.admin)])
        router.add("GET", "/v1/webhooks/{id}", show, options: [.role(.admin)])
        router.add("DELETE", "/v1/webhooks/{id}", delete, options: [.role(.admin)])
        router.add("POST", "/v1/webhooks/{id}/test", ping, options: [.role(.admin)])
        router.add("GET", "/v1/webhooks/{id}/deliveries", deliveries, options: [.role(.admin)])
    }

    private func create(_ request: APIRequest) throws -> APIResponse {
        let fields = try jsonObject(request)
        var invalid: [(name: String, reason: String)] = []
        for name in fields.keys.sorted() where !["url", "events", "topics", "description"].contains(name) {
            invalid.append((name, "unknown member; a webhook has url, events, topics and description"))
        }
        let url = fields["url"] as? String
        if let url {
            if let problem = WebhookTarget.problem(with: url, allowsPrivate: allowsPrivateTargets) { invalid.append(("url", problem)) }
        } else {
            invalid.append(("url", fields["url"] == nil ? "required" : "must be a string"))
        }
        var events: [WebhookEventType] = []
        if let names = fields["events"] as? [Any], !names.isEmpty {
            let known = WebhookEventType.subscribable.map(\.rawValue)
            for (index, name) in names.enumerated() {
                if let name = name as? String, let type = WebhookEventType(rawValue: name), type != .ping {
                    events.append(type)
                } else {
                    invalid.append(("events[\(index)]", "unknown event \(String(describing: name).prefix(60)); known: \(known.joined(separator: ", "))"))
                }
            }
        } else {
            invalid.append(("events", fields["events"] == nil ? "required" : "must be a non-empty array of event names"))
        }
        // Topics by slug: a topic may not exist yet (a team subscribes before its topic is imported).
        var topics: [String] = []
        if let value = fields["topics"] {
            if let names = value as? [Any], names.count <= Self.maxTopics {
                for (index, name) in names.enumerated() {
                    // As a topic's slug is written: "ABC" or "Ünïcode" could never match one.
                    if let slug = name as? String, BundleValidator.isSlug(slug) {
                        topics.append(slug)
                    } else {
                        invalid.append(("topics[\(index)]", "must be a topic slug (a-z, 0-9 and '-', at most \(BundleValidator.maxIdentifierLength))"))
                    }
                }
            } else {
                invalid.append(("topics", "must be an array of at most \(Self.maxTopics) topic slugs (empty or absent: every topic)"))
            }
        }
        var description = ""
        if let value = fields["description"] {
            if let text = value as? String, text.count <= Self.maxDescriptionLength {
                description = text
            } else {
                invalid.append(("description", "must be a string of at most \(Self.maxDescriptionLength) characters"))
            }
        }
        guard invalid.isEmpty, let url else { throw Problem.validationFailed(invalid) }
        let secret = WebhookSigner.makeSecret()
        let webhook = try store.createWebhook(url: url, description: description, events: events, topics: topics, secret: secret)
        var json = JSONWriter()
        WebhookRepresentation.write(webhook, secret: secret, into: &json)
        return uncached(.json(json, status: 201, headers: [("Location", "/v1/webhooks/\(webhook.id)")]))
    }

    private func list(_ request: APIRequest) throws -> APIResponse {
        var json = JSONWriter(capacity: 2048)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for webhook in try store.webhooks() { WebhookRepresentation.write(webhook, into: &json) }
        json.endArray()
        json.endObject()
        return uncached(.json(json))
    }

    private func show(_ request: APIRequest) throws -> APIResponse {
        let webhook = try existing(request)
        var json = JSONWriter()
        WebhookRepresentation.write(webhook, into: &json)
        return uncached(.json(json))
    }

    private func delete(_ request: APIRequest) throws -> APIResponse {
        guard try store.deleteWebhook(id: request.parameter("id")) else { throw notFound(request) }
        return APIResponse(status: 204, headers: [], body: .bytes([]), isCacheable: false)
    }

    private func ping(_ request: APIRequest) throws -> APIResponse {
        let webhook = try existing(request)
        guard webhook.isEnabled, let eventID = try store.enqueueWebhookPing(id: webhook.id) else {
            throw Problem.conflict("webhook \(webhook.id) is disabled (\(webhook.disabledReason ?? "")); delete it and register it again")
        }
        var json = JSONWriter()
        json.beginObject()
        json.field("event_id", eventID)
        json.field("type", WebhookEventType.ping.rawValue)
        json.endObject()
        return uncached(.json(json, status: 202, headers: [("Location", "/v1/webhooks/\(webhook.id)/deliveries")]))
    }

    private func deliveries(_ request: APIRequest) throws -> APIResponse {
        let webhook = try existing(request)
        let limit = try Pagination.limit(request)
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for delivery in try store.webhookDeliveries(webhookID: webhook.id, limit: limit) {
            WebhookRepresentation.write(delivery, into: &json)
        }
        json.endArray()
        json.endObject()
        return uncached(.json(json))
    }

    // MARK: Helpers

    private func existing(_ request: APIRequest) throws -> Webhook {
        guard let webhook = try store.webhook(id: request.parameter("id")) else { throw notFound(request) }
        return webhook
    }

    private func notFound(_ request: APIRequest) -> Problem {
        .notFound("no webhook '\(request.parameter("id").prefix(60))'")
    }

    /// Webhook resources change without a knowledge-base commit (attempts) and carry admin data
    /// (the created one its secret): never reused, never given an ETag, never stored by a cache.
    private func uncached(_ response: APIResponse) -> APIResponse {
        var response = response
        response.isCacheable = false
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// The body as a JSON object; 415 for another media type, 400 for bad JSON.
    private func jsonObject(_ request: APIRequest) throws -> [String: Any] {
        let type = request.http.header("content-type") ?? ""
        guard type.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == "application/json" else {
            throw Problem.unsupportedMediaType(type.isEmpty ? "(none)" : type, supported: ["application/json"])
        }
        // The shared reader: strict as the other write routes (a member given twice or a trailing
        // comma is a 400).
        return try JSONBody.object(request, example: #"{"url": "https://hooks.example.com/guidebook", "events": ["content.changed"]}"#)
    }
}
