import { Box, Text } from '@mantine/core';

// First footer: the storefront-UI issue replaces it with the links, contacts and notices of spec §2.
export function Footer() {
  return (
    <Box component="footer" p="md" bg="gray.1">
      <Text size="sm">© 2025 Casa &amp; Obra</Text>
    </Box>
  );
}
