package software.amazon.awssdk.regions;

import software.amazon.awssdk.regions.servicemetadata.DynamodbServiceMetadata;
import software.amazon.awssdk.regions.servicemetadata.EventsServiceMetadata;
import software.amazon.awssdk.regions.servicemetadata.SecretsmanagerServiceMetadata;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * Takes the place of the SDK's generated class of the same name in the function jars (their shade filter
 * drops the SDK's). Building a client asks for its service's metadata (signing region, legacy endpoint);
 * the SDK's class then builds the metadata of all ~310 AWS services at once: ~300 classes, 0.68 MB of
 * every jar and a measurable share of a cold start. This one answers the SDK's own metadata for the
 * services the functions call and nothing for any other, which {@link ServiceMetadata#of} then answers
 * with its default metadata, as it does for a service the SDK does not know. The clients' ids are
 * constants, compiled in: the clients themselves need not be on the class path.
 */
public final class GeneratedServiceMetadataProvider implements ServiceMetadataProvider {
    private static final ServiceMetadata DYNAMODB = new DynamodbServiceMetadata();
    private static final ServiceMetadata EVENTBRIDGE = new EventsServiceMetadata();
    private static final ServiceMetadata SECRETS_MANAGER = new SecretsmanagerServiceMetadata();

    @Override
    public ServiceMetadata serviceMetadata(String endpointPrefix) {
        return switch (endpointPrefix) {
            case DynamoDbClient.SERVICE_METADATA_ID -> DYNAMODB;
            case EventBridgeClient.SERVICE_METADATA_ID -> EVENTBRIDGE;
            case SecretsManagerClient.SERVICE_METADATA_ID -> SECRETS_MANAGER;
            default -> null;
        };
    }
}
