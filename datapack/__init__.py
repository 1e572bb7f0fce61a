"""What every kind's Minecraft pack shares: pack formats and versions, packing into zips,
SNBT. A kind's own pack lives in its folder (``kinds/<kind>/pack``)."""
