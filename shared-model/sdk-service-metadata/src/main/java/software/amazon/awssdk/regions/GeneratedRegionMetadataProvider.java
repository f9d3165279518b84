package software.amazon.awssdk.regions;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Takes the place of the SDK's generated class of the same name in the function jars (their shade filter
 * drops the SDK's). Building a client asks for its region's metadata; the SDK's class then builds the metadata
 * of every region it knows at once (53 classes), though a function talks to one. This one builds only the
 * region asked for, with the SDK's own generated class for it, found by name (us-east-1's is
 * {@code regionmetadata.UsEast1}); a region the SDK does not know has no such class and gets no metadata, as
 * from the SDK's. Each region's metadata is built once, as the SDK's.
 */
public final class GeneratedRegionMetadataProvider implements RegionMetadataProvider {
    private static final String METADATA_PACKAGE = "software.amazon.awssdk.regions.regionmetadata.";
    private static final Map<Region, RegionMetadata> BUILT = new ConcurrentHashMap<>();

    @Override
    public RegionMetadata regionMetadata(Region region) {
        RegionMetadata built = BUILT.get(region);
        if (built != null) {
            return built;
        }
        RegionMetadata metadata = build(region.id());
        if (metadata == null) {
            return null;
        }
        RegionMetadata raced = BUILT.putIfAbsent(region, metadata);
        return raced == null ? metadata : raced;
    }

    /** The SDK's metadata class of region {@code id} built, or null when there is none. */
    private static RegionMetadata build(String id) {
        try {
            Class<?> type = Class.forName(className(id), true, GeneratedRegionMetadataProvider.class.getClassLoader());
            if (!RegionMetadata.class.isAssignableFrom(type)) {
                return null;
            }
            RegionMetadata metadata = (RegionMetadata) type.getConstructor().newInstance();
            // The class name drops the id's case and dashes: us-East-1 would find us-east-1's class.
            return metadata.id().equals(id) ? metadata : null;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build the SDK's metadata of region " + id, e);
        }
    }

    /** How the SDK names a region's metadata class: each dash-separated part of its id capitalised. */
    private static String className(String id) {
        StringBuilder name = new StringBuilder(METADATA_PACKAGE);
        for (String part : id.split("-")) {
            if (!part.isEmpty()) {
                name.append(Character.toUpperCase(part.charAt(0))).append(part, 1, part.length());
            }
        }
        return name.toString();
    }
}
