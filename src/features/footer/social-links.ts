// How the footer shows each social network: its name and an icon as one SVG path with its viewBox
// (drawn for this shop, deliberately generic). The brand's accounts are configuration
// (SOCIAL_LINKS, in the runtime configuration); the networks are SOCIAL_NETWORKS.
import type { SocialNetwork } from "../../../common/runtime-config.ts";

export interface SocialNetworkDisplay {
  label: string;
  icon: { path: string; viewBox: string };
}

export const SOCIAL_NETWORK_DISPLAY: Readonly<Record<SocialNetwork, SocialNetworkDisplay>> = {
  facebook: {
    label: "Facebook",
    icon: {
      viewBox: "0 0 24 24",
      path: "M13.5 21v-7.5H16l.5-3h-3V8.75c0-.9.3-1.5 1.6-1.5h1.5V4.6c-.3 0-1.2-.1-2.2-.1-2.2 0-3.9 1.4-3.9 3.9v2.1H8v3h2.5V21h3z",
    },
  },
  instagram: {
    label: "Instagram",
    icon: {
      viewBox: "0 0 24 24",
      path: "M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 1.8a2.7 2.7 0 0 0-2.7 2.7v9a2.7 2.7 0 0 0 2.7 2.7h9a2.7 2.7 0 0 0 2.7-2.7v-9a2.7 2.7 0 0 0-2.7-2.7h-9zM12 7.6a4.4 4.4 0 1 1 0 8.8 4.4 4.4 0 0 1 0-8.8zm0 1.8a2.6 2.6 0 1 0 0 5.2 2.6 2.6 0 0 0 0-5.2zm4.7-3.3a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2z",
    },
  },
  linkedin: {
    label: "LinkedIn",
    icon: {
      viewBox: "0 0 24 24",
      path: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm1.9 7v7.5h2.4V10H6.9zm1.2-3.9a1.4 1.4 0 1 0 0 2.8 1.4 1.4 0 0 0 0-2.8zM11 10v7.5h2.4v-4c0-1.1.5-1.8 1.4-1.8.9 0 1.3.6 1.3 1.8v4h2.4v-4.6c0-2.2-1.2-3.1-2.8-3.1-1 0-1.8.4-2.3 1.1V10H11z",
    },
  },
  youtube: {
    label: "YouTube",
    icon: {
      viewBox: "0 0 24 24",
      path: "M4.2 6.1C5.4 5.6 8.5 5.4 12 5.4s6.6.2 7.8.7c1 .4 1.5 1.2 1.7 2.3.2 1.1.3 2.3.3 3.6s-.1 2.5-.3 3.6c-.2 1.1-.7 1.9-1.7 2.3-1.2.5-4.3.7-7.8.7s-6.6-.2-7.8-.7c-1-.4-1.5-1.2-1.7-2.3C2.3 14.5 2.2 13.3 2.2 12s.1-2.5.3-3.6c.2-1.1.7-1.9 1.7-2.3zM10 8.8v6.4l5.5-3.2L10 8.8z",
    },
  },
};
