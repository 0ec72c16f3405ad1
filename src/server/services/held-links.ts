// A link that works as a credential (a password reset) is never written to the database or the log.
// The outbox stores the message with the link masked; the real link stays here, in the memory of
// the server that made it, until it expires. That server sends it (SMTP) and shows it to staff
// (`npm run store -- mail:latest`); if it stops first, the customer asks for a new link.

export interface SecretLink {
  /** The link with its secret, e.g. https://loja/redefinir?acess=TOKEN. */
  link: string;
  /** The same link as the stored body and the log show it. */
  masked: string;
  /** How long it works (and is held). */
  ttlMs: number;
}

interface Held {
  link: string;
  masked: string;
  until: number;
}

export class HeldLinks {
  private readonly links = new Map<number, Held>();

  hold(mailId: number, secret: SecretLink): void {
    this.sweep();
    this.links.set(mailId, { link: secret.link, masked: secret.masked, until: Date.now() + secret.ttlMs });
  }

  /** The real link of an outbox message, while it is held. */
  linkOf(mailId: number): string | undefined {
    const held = this.links.get(mailId);
    if (!held) return undefined;
    if (held.until <= Date.now()) {
      this.links.delete(mailId);
      return undefined;
    }
    return held.link;
  }

  /** The text to send: the stored body with the masked link replaced by the real one. */
  reveal(mailId: number, body: string): string | undefined {
    const held = this.links.get(mailId);
    const link = this.linkOf(mailId);
    return held && link ? body.split(held.masked).join(link) : undefined;
  }

  /** The messages whose link this process holds. */
  ids(): number[] {
    this.sweep();
    return [...this.links.keys()];
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, held] of this.links) if (held.until <= now) this.links.delete(id);
  }
}
